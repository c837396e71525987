import { useNavigate } from 'react-router';
import { MenuItem, UserMenu } from '../../components/user-menu';

/** The avatar menu of the billing screens; its own chunk, so visitors never download the dropdown. */
export default function BillingUserMenu() {
  const navigate = useNavigate();
  return (
    <UserMenu onLoggedOut={() => navigate('/')}>
      <MenuItem onSelect={() => navigate('/editor')}>Dashboard</MenuItem>
    </UserMenu>
  );
}
