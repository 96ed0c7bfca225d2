import { Clock, CreditCard, ListChecks, Pencil, Trash2, Webhook } from 'lucide-react';
import { Link } from 'wouter';
import type { TemplateDto } from '@contracts/templates';
import { nl } from '@contracts/messages';
import { CardLink } from '@web/components/card-link';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { fill } from '@web/lib/fill-message';
import { durationText, fieldCountText, paymentText } from '../lib/template-summary';

const t = nl.templatesUi;

/** One template of the list (docs/PRODUCT.md#templates): name, duration, payment, field count; edit and delete. */
export function TemplateCard({
  template,
  onDelete,
}: {
  template: TemplateDto;
  onDelete: (t: TemplateDto) => void;
}) {
  const editHref = `/templates/${template.id}/edit`;
  const created = new Date(template.createdAt).toLocaleDateString('nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return (
    <Card className="relative gap-4 overflow-hidden pt-0 pb-0 transition-shadow hover:shadow-md">
      <div aria-hidden="true" className="h-1.5" style={{ backgroundColor: template.themeColor }} />
      <CardHeader className="gap-1.5">
        <CardTitle className="text-lg leading-snug">
          <CardLink href={editHref}>{template.templateName}</CardLink>
        </CardTitle>
        <CardDescription>{fill(t.createdAt, { date: created })}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-1.5 text-sm">
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
            {durationText(template)}
          </li>
          <li className="flex items-center gap-2">
            <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
            {paymentText(template)}
          </li>
          <li className="flex items-center gap-2">
            <ListChecks aria-hidden="true" className="size-4 text-muted-foreground" />
            {fieldCountText(template)}
          </li>
          {template.webhooksConfig.length > 0 && (
            <li className="flex items-center gap-2">
              <Webhook aria-hidden="true" className="size-4 text-muted-foreground" />
              {fill(t.webhookCount, { n: template.webhooksConfig.length })}
            </li>
          )}
        </ul>
      </CardContent>
      <CardFooter className="relative z-10 justify-end gap-2 border-t px-3 py-2">
        <Button variant="ghost" size="sm" asChild>
          <Link href={editHref} aria-label={fill(t.editOf, { name: template.templateName })}>
            <Pencil aria-hidden="true" />
            {t.edit}
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={fill(t.deleteOf, { name: template.templateName })}
          onClick={() => onDelete(template)}
          className="text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
        >
          <Trash2 aria-hidden="true" />
          {t.delete}
        </Button>
      </CardFooter>
    </Card>
  );
}
