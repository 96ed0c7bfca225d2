/** Values, payload and checks of the "Periode toevoegen" form in the Sluitingsdagen card. */
import { createClosureBody } from '@contracts/closures';
import { contractResolver } from '@web/lib/form-errors';
import type { ClosureBody } from '../api/create-closure';

export interface ClosureFormValues {
  /** 'yyyy-MM-dd', or '' while not chosen. */
  startDate: string;
  endDate: string;
  label: string;
  /** Null: the whole business. */
  agendaId: string | null;
  /** 'Elk jaar': the same dates close every year. */
  yearly: boolean;
}

export const emptyClosureForm = (): ClosureFormValues => ({
  startDate: '',
  endDate: '',
  label: '',
  agendaId: null,
  yearly: false,
});

/** The end date to show once the first day changes: that day, while the end is unset or before it. */
export const endAfterStartChange = (startDate: string, endDate: string): string =>
  startDate && (!endDate || endDate < startDate) ? startDate : endDate;

/** Checked by the contract the server validates POST /api/closures with; the form's values are its body. */
export const closureResolver = contractResolver<ClosureFormValues, ClosureBody>(createClosureBody, (v) => v);
