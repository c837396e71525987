import { Link } from 'react-router';
import { LogoMark } from './site-logo';

/** The logo and the word mark as a client-side link home (the app's own screens: account, invitation). */
export function LogoHomeLink({ className }: { className: string }) {
  return (
    <Link to="/" className={`flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900 ${className}`}>
      <LogoMark />
      <span>
        Signature<span className="text-brand">Pro</span>
      </span>
    </Link>
  );
}
