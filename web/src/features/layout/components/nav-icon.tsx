import type { IconProps } from '@chakra-ui/react';
import {
  BoxIcon,
  BriefcaseIcon,
  CardIcon,
  CartIcon,
  GaugeIcon,
  HelpIcon,
  HomeIcon,
  ImportIcon,
  PlugIcon,
  SearchIcon,
  SettingsIcon,
  ShirtIcon,
  UsersIcon,
} from '@/components/icons';
import type { NavIcon as NavIconName } from '../lib/nav';

const ICONS = {
  home: HomeIcon,
  search: SearchIcon,
  shirt: ShirtIcon,
  import: ImportIcon,
  box: BoxIcon,
  cart: CartIcon,
  users: UsersIcon,
  settings: SettingsIcon,
  plug: PlugIcon,
  help: HelpIcon,
  manage: BriefcaseIcon,
  gauge: GaugeIcon,
  wallet: CardIcon,
} as const;

export function NavIcon({ name, ...props }: { name: NavIconName } & IconProps) {
  const Icon = ICONS[name];
  return <Icon {...props} />;
}
