import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { UserListRow } from '@contract/users';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { useFlat } from '../use-flat-card';
import { MIN_LOGIN_SEARCH, useFlatUsers } from '../use-flat-users';
import { EmptyNote, LazyConfirm, Section } from './section';

export function UsersSection() {
  const t = useT();
  const { canEdit, canWrite } = useFlat();
  const users = useFlatUsers();
  const [removing, setRemoving] = useState<{ id: number; login: string } | null>(null);

  return (
    <Section id="users" title={t('flat.section.users')} count={users.users.length} error={users.add.error ?? users.remove.error}>
      {users.users.length === 0 ? (
        <EmptyNote>{t('flat.users.none')}</EmptyNote>
      ) : (
        <List dense disablePadding aria-label={t('flat.section.users')}>
          {users.users.map((user) => (
            <ListItem
              key={user.id}
              divider
              disableGutters
              secondaryAction={
                canEdit && (
                  <IconButton
                    edge="end"
                    aria-label={t('flat.users.remove', { login: user.login })}
                    disabled={!canWrite || users.remove.pending}
                    onClick={() => setRemoving({ id: user.id, login: user.login })}
                  >
                    <PersonRemoveIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={user.login}
                slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } }, secondary: { component: 'div' } }}
                secondary={
                  <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {t('flat.users.sip')}:{' '}
                    {user.accounts.length === 0 ? t('flat.users.noSip') : user.accounts.map((account) => `${account.login}@${account.domain}:${account.port}`).join(', ')}
                  </Box>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {canEdit && (
        <Autocomplete<UserListRow, false, false, false>
          sx={{ mt: 1.5 }}
          size="small"
          options={users.options}
          value={null}
          inputValue={users.input}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') users.setInput(value);
          }}
          onChange={(_event, user) => {
            if (user) void users.add.run(user);
          }}
          filterOptions={(options) => options}
          getOptionLabel={(option) => option.login}
          getOptionDisabled={(option) => users.isPresent(option.userId)}
          isOptionEqualToValue={(option, value) => option.userId === value.userId}
          loading={users.searching}
          disabled={!canWrite || users.add.pending}
          noOptionsText={users.input.trim().length < MIN_LOGIN_SEARCH ? t('flat.users.searchHint') : t('flat.users.noMatches')}
          loadingText={t('flat.loading')}
          renderOption={(props, option) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {option.login}
                  </Typography>
                  {(option.comment || users.isPresent(option.userId)) && (
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                      {users.isPresent(option.userId) ? t('flat.users.already') : option.comment}
                    </Typography>
                  )}
                </Box>
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('flat.users.add')}
              placeholder={t('flat.users.search')}
              error={users.searchError !== null}
              helperText={users.searchError ? errorMessage(users.searchError) : undefined}
            />
          )}
        />
      )}
      <LazyConfirm
        open={removing !== null}
        title={t('flat.users.remove.title', { login: removing?.login ?? '' })}
        text={t('flat.users.remove.text', { login: removing?.login ?? '' })}
        confirmLabel={t('flat.remove')}
        danger
        busy={users.remove.pending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void users.remove.run(removing).then(() => setRemoving(null));
        }}
      />
    </Section>
  );
}
