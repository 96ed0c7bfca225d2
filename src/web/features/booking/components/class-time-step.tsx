import type { ComponentProps } from 'react';
import { seatsNote } from '../lib/class-seats';
import { TimeStep } from './time-step';

/**
 * The time step of a class (docs/PRODUCT.md#classes): each time says its places left, a full one
 * 'Vol'. A chunk of its own, so the booking page of a service of one place does not load it.
 */
export default function ClassTimeStep(props: Omit<ComponentProps<typeof TimeStep>, 'noteOf'>) {
  return <TimeStep {...props} noteOf={seatsNote} />;
}
