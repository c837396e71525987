import { ChevronDown } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button';

/** The "More ways" button: the menu's trigger, and its stand-in while the menu's code loads. */
export function MoreWaysButton(props: ButtonProps) {
  return (
    <Button variant="secondary" className="shrink-0" {...props}>
      More ways
      <ChevronDown className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}
