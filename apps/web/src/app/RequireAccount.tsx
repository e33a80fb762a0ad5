import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { isAdmin } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { Link, Outlet } from 'react-router';
import { sessionUserAtom } from './session.atoms';

/**
 * The working screens (products, serial numbers, test results, reports) belong to an account.
 * The provider administrator (role -1) is in no account, so instead of calls the API would refuse
 * (an error dialog on every screen) they see what these screens are for and the way to the back
 * office (docs/web.md, "The provider administrator").
 */
export function RequireAccount() {
  const user = useAtomValue(sessionUserAtom);
  if (!isAdmin(user.role)) return <Outlet />;
  return (
    <Stack maw={720} gap="md">
      <Title order={1}>For account members</Title>
      <Alert color="blue" title="These screens belong to an account">
        <Text size="sm">
          Products, serial numbers, test results and reports are kept per account, for its manager, editors
          and operators. As the provider administrator you are in no account: the back office shows the usage,
          bills and accounts of all of them.
        </Text>
      </Alert>
      <Button component={Link} to="/ht" w="fit-content">
        Open the Back Office
      </Button>
    </Stack>
  );
}
