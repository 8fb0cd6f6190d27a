import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { MenuItemId } from './menu';

export const MENU_ICONS: Record<MenuItemId, ComponentType<SvgIconProps>> = {
  buyers: BusinessCenterOutlined,
  devices: RouterOutlined,
  groups: GroupsOutlined,
  houses: HomeWorkOutlined,
  users: PeopleAltOutlined,
  keys: KeyOutlined,
};

