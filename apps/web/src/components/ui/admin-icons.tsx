import { CLIPBOARD_SHAPES, DASHBOARD_SHAPES, LEDGER_SHAPES, PAYOUT_SHAPES, STAR_SHAPES, TAG_SHAPES } from './admin-icon-shapes';
import type { IconShapes } from './icon-shapes';
import { Icon, type IconProps } from './icons';

/** An icon whose shapes are held as data (admin-icon-shapes.ts). */
export function ShapesIcon({ shapes, ...p }: IconProps & { shapes: IconShapes }) {
  return (
    <Icon {...p}>
      {shapes.map(([Tag, attributes], i) => (
        <Tag key={i} {...attributes} />
      ))}
    </Icon>
  );
}

const shapeIcon = (shapes: IconShapes) => (p: IconProps) => <ShapesIcon {...p} shapes={shapes} />;

/** Stroke icons for the admin area. */
export const DashboardIcon = shapeIcon(DASHBOARD_SHAPES);

export const ClipboardIcon = shapeIcon(CLIPBOARD_SHAPES);

export const UploadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
  </Icon>
);

export const PayoutIcon = shapeIcon(PAYOUT_SHAPES);

export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Icon>
);

export const LedgerIcon = shapeIcon(LEDGER_SHAPES);

export const StarIcon = shapeIcon(STAR_SHAPES);

export const TagIcon = shapeIcon(TAG_SHAPES);
