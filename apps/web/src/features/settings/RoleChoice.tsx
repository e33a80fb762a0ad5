import { Group, Radio } from '@mantine/core';
import { Role, roleLabel } from '@sweepline/domain';

/** docs/requirements/roles.md: users and API tokens may be given only Editor (1) or Operator (2). */
const ASSIGNABLE = [Role.Editor, Role.Operator];

export function RoleChoice({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <Radio.Group label="Role" value={String(value)} onChange={(role) => onChange(Number(role) as Role)}>
      <Group mt={4}>
        {ASSIGNABLE.map((role) => (
          <Radio key={role} value={String(role)} label={roleLabel(role)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
