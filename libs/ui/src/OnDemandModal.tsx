import { Modal, type ModalProps } from '@mantine/core';
import { useOpenedOnce } from './useOpenedOnce';

/** Mantine's Modal, drawn from the first time it opens (`useOpenedOnce`): a dialog a screen may never open costs it nothing. */
export function OnDemandModal({ opened, ...modal }: ModalProps) {
  const once = useOpenedOnce(opened);
  return once.mounted ? <Modal opened={once.opened} {...modal} /> : null;
}
