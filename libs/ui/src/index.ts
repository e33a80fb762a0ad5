export * from './ConfirmDialog';
export * from './FormPage';
export * from './FullScreenLoader';
export * from './MessageDialog';
export * from './notify';
export * from './useFormState';
export * from './useMessageDialog';
export * from './VerificationField';
