import { ArrowLeft } from 'lucide-react';
import { nlPublicSteps as nl } from '@contracts/messages-public-steps';
import { Button } from '@web/components/ui/button';

/** 'Terug naar overzicht' of the payment step, in every form the step takes. */
export function BackToReviewButton({ onBack, disabled }: { onBack: () => void; disabled?: boolean }) {
  return (
    <Button variant="outline" size="lg" onClick={onBack} disabled={disabled}>
      <ArrowLeft aria-hidden="true" />
      {nl.wizard.backToReview}
    </Button>
  );
}
