import {
  TextField as FormTextField,
  type TextFieldProps,
  type TextFieldStyles,
} from '@/components/form/text-field';
import { fieldHint, fieldInput, fieldLabel } from './styles';

const ADMIN_FIELD_STYLES: TextFieldStyles = {
  label: fieldLabel,
  input: fieldInput,
  hint: fieldHint,
  hintFirst: false,
};

/** The back-office's field: the shop's labelled input with the compact styles of the admin screens. */
export function TextField(props: Omit<TextFieldProps, 'styles'>) {
  return <FormTextField styles={ADMIN_FIELD_STYLES} {...props} />;
}
