import { PendingButton } from '@web/components/pending-button';
import { fill } from '@web/lib/fill-message';

/** The texts of a list's footer: how many are shown ({count}), and the button for the next page. */
export interface LoadMoreTexts {
  shown: string;
  shownOne: string;
  shownMore: string;
  loadMore: string;
  loadingMore: string;
}

/**
 * Under a paged list: how many rows are shown (a polite status, so a screen reader hears the list
 * grow) and 'Meer laden' while the server has more.
 */
export function LoadMoreFooter({
  count,
  hasMore,
  loading,
  onLoadMore,
  texts,
}: {
  count: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  texts: LoadMoreTexts;
}) {
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p role="status" className="text-sm text-muted-foreground">
        {hasMore
          ? fill(texts.shownMore, { count })
          : count === 1
            ? texts.shownOne
            : fill(texts.shown, { count })}
      </p>
      {hasMore && (
        <PendingButton
          variant="outline"
          onClick={onLoadMore}
          pending={loading}
          pendingLabel={texts.loadingMore}
        >
          {texts.loadMore}
        </PendingButton>
      )}
    </div>
  );
}
