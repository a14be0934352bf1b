import { Button } from '@paygate/ui';
import { useNavigate } from 'react-router';

/** SPEC §2: a generic back button goes one step back in history unless a handler is given. */
export const BackButton = ({ onBack, label = 'Back' }: { onBack?: () => void; label?: string }) => {
  const navigate = useNavigate();
  return (
    <Button variant="secondary" onClick={onBack ?? (() => navigate(-1))}>
      ← {label}
    </Button>
  );
};
