import { isSvgPath } from '../logic/guarantees.ts';

/** A tile's picture: SVG path data drawn in the brand's colour, or an image URL (spec 1 §3 `logo`). */
export function GuaranteePicture({ logo }: { logo: string }) {
  if (isSvgPath(logo))
    return (
      <svg className="tile__picture" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
        <path d={logo} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  return <img className="tile__picture" src={logo} alt="" width="40" height="40" loading="lazy" />;
}
