import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Button } from '@logbook/ui/Button';
import { EmptyState } from '@logbook/ui/EmptyState';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { Spinner } from '@logbook/ui/Spinner';
import { apiRequest } from '@logbook/shell-context/apiClient';
import { useCurrentUser } from '@logbook/shell-context/useCurrentUser';
import { useToast } from '@logbook/shell-context/useToast';
import { PageFrame } from '../../lib/PageFrame';

export default function Dashboard() {
  const { user, error, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();

  useEffect(() => {
    if (!isLoading && (error || !user)) navigate('/login', { replace: true });
  }, [error, isLoading, navigate, user]);

  if (!user) return <Spinner label="Loading your students…" />;

  const logout = async () => {
    try {
      await apiRequest('POST', '/api/logout');
    } catch (e) {
      toast({ title: 'Error', description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
      return;
    }
    // Forget every cached answer so the next account starts clean.
    await mutate(() => true, undefined, { revalidate: false });
    navigate('/login');
  };

  return (
    <PageFrame
      title="Your Students"
      subtitle={<span data-testid="user-email">{user.email}</span>}
      actions={
        <>
          <Link to="/admin-settings" className={buttonClass('outline', 'sm')}>
            Settings
          </Link>
          <Button variant="ghost" size="sm" onClick={logout}>
            Logout
          </Button>
        </>
      }
    >
      <EmptyState
        title="No students yet"
        description="Add a learner driver to start logging supervised driving sessions."
        action={
          <Link to="/students/new" className={buttonClass('primary')}>
            Add First Student
          </Link>
        }
      />
    </PageFrame>
  );
}
