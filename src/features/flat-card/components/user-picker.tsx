import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserListRow } from '@contract/users';
import { errorMessage } from '@/lib/http';
import { useT } from '../messages';
import { MIN_LOGIN_SEARCH, type useFlatUsers } from '../use-flat-users';

/** Finds a user by a part of the login (GET /front/user/list?login=) and adds them to the flat. */
export function UserPicker({ users, disabled }: { users: ReturnType<typeof useFlatUsers>; disabled: boolean }) {
  const t = useT();
  return (
    <Autocomplete<UserListRow, false, false, false>
      openOnFocus
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
      disabled={disabled || users.add.pending}
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
  );
}
