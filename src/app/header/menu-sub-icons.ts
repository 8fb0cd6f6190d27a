import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import LockPersonOutlined from '@mui/icons-material/LockPersonOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { MenuSubItemId } from '../menu';

export const MENU_SUB_ICONS: Record<MenuSubItemId, ComponentType<SvgIconProps>> = {
  access: LockPersonOutlined,
  managementCompanies: BusinessOutlined,
  field: EngineeringOutlined,
  audit: HistoryEduOutlined,
};
