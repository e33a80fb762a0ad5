import { Box, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { addOption, checkOption, removeOption, type ChoiceOption } from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import { DeleteIcon } from './DeleteIcon';
import { useParamForm } from './ParamFormContext';

/**
 * The answer choices of a Multiple Choice step: 2 to 9 options, one of them the correct answer
 * (checking one unchecks the others). The rules are libs/domain's multiple-choice ones.
 */
export function MultipleChoiceEditor({
  options,
  onChange,
}: {
  options: ChoiceOption[];
  onChange: (optionArray: ChoiceOption[]) => void;
}) {
  const { readOnly, errorOf } = useParamForm();
  const setOptions = onChange;
  const add = () => {
    const result = addOption(options);
    if ('error' in result) notifyInfo(result.error);
    else setOptions(result.options);
  };
  const listError = errorOf('optionArray');
  return (
    <Stack gap={6} role="group" aria-label="Answer choices">
      <Text size="sm" fw={500}>
        Answer choices
      </Text>
      {options.map((option, i) => {
        const n = i + 1;
        // removeOption keeps the list at its minimum: then there is nothing to delete
        const removable = removeOption(options, i) !== options;
        return (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <Radio
              mt={10}
              aria-label={`Option ${n} is the correct answer`}
              checked={option.checked}
              disabled={readOnly}
              onChange={() => setOptions(checkOption(options, i))}
            />
            <TextInput
              style={{ flex: 1 }}
              aria-label={`Option ${n}`}
              placeholder={`Option ${n}`}
              value={option.text}
              error={errorOf(`optionArray[${i}].text`)}
              disabled={readOnly}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setOptions(options.map((o, j) => (j === i ? { ...o, text } : o)));
              }}
            />
            <Box mt={6}>
              <DeleteIcon
                label={`Delete option ${n}`}
                disabled={readOnly || !removable}
                onClick={() => setOptions(removeOption(options, i))}
              />
            </Box>
          </Group>
        );
      })}
      {listError && (
        <Text size="xs" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="light" disabled={readOnly} onClick={add}>
          Add option
        </Button>
      </Group>
    </Stack>
  );
}
