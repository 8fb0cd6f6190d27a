import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { toggled } from '../model';

export interface RoleOption {
  name: string;
  label: string;
  /** A role the caller may not give or take away: shown, not changeable. */
  locked?: boolean;
}

interface RoleChecksProps {
  legend: string;
  options: readonly RoleOption[];
  chosen: readonly string[];
  onToggle: (chosen: string[]) => void;
  empty: string;
  error?: string;
  helperText?: string;
  disabled?: boolean;
}

/** Roles as a group of checkboxes named by a legend (a screen reader reads which group a box is in). */
export function RoleChecks({ legend, options, chosen, onToggle, empty, error, helperText, disabled }: RoleChecksProps) {
  return (
    <FormControl component="fieldset" variant="standard" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {legend}
      </FormLabel>
      {options.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <FormGroup sx={{ flexDirection: 'row', columnGap: 2 }}>
          {options.map((option) => (
            <FormControlLabel
              key={option.name}
              disabled={disabled || option.locked}
              control={<Checkbox checked={chosen.includes(option.name)} onChange={() => onToggle(toggled(chosen, option.name))} />}
              label={option.label}
            />
          ))}
        </FormGroup>
      )}
      {(error ?? helperText) && <FormHelperText>{error ?? helperText}</FormHelperText>}
    </FormControl>
  );
}
