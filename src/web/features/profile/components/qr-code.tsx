import { useEffect, useState } from 'react';
import { Skeleton } from '@web/components/ui/skeleton';

/**
 * A QR code drawn in the browser as SVG. The encoder (uqr) is fetched on first use, so only the
 * Profiel page's two-step setup downloads it. Always dark on white: scanners need that contrast,
 * also in the dark theme.
 */
export function QrCode({
  value,
  label,
  loadingLabel,
}: {
  value: string;
  label: string;
  loadingLabel: string;
}) {
  const [modules, setModules] = useState<{ value: string; size: number; path: string }>();

  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      const { data, size } = encode(value, { ecc: 'M', border: 2 });
      let path = '';
      data.forEach((row, y) =>
        row.forEach((dark, x) => {
          if (dark) path += `M${x} ${y}h1v1h-1z`;
        }),
      );
      if (live) setModules({ value, size, path });
    });
    return () => {
      live = false;
    };
  }, [value]);

  if (!modules || modules.value !== value)
    return <Skeleton role="img" aria-label={loadingLabel} className="size-48 rounded-md" />;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules.size} ${modules.size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-md border bg-white"
    >
      <rect width={modules.size} height={modules.size} fill="#fff" />
      <path d={modules.path} fill="#000" />
    </svg>
  );
}
