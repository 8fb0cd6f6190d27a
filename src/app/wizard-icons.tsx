import LanOutlined from '@mui/icons-material/LanOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { WizardLinkId } from './menu';

/** Apart from the section icons: the desktop menu (on every page) needs only these three. */
export const WIZARD_ICONS: Record<WizardLinkId, ComponentType<SvgIconProps>> = {
  serialNumber: QrCode2Outlined,
  port: LanOutlined,
  replace: SwapHorizOutlined,
};
