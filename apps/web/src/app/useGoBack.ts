import { useNavigate } from 'react-router';

/** The spec's Cancel (back): the previous page of this app, or home when there is none. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  };
}
