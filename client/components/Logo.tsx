/** The brand mark: a lighthouse beam over a wave, drawn inline so it needs no request. */
export default function Logo({ brandName }: { brandName: string }) {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="23" fill="currentColor" />
        <path d="M21 12h6l2 20H19z" fill="#fff" />
        <path d="M20 10h8v3h-8z" fill="#fff" />
        <path d="M6 34c4 0 5-3 9-3s5 3 9 3 5-3 9-3 5 3 9 3v4c-4 0-5-3-9-3s-5 3-9 3-5-3-9-3-5 3-9 3z" fill="#fff" />
      </svg>
      <span className="logo__text">{brandName}</span>
    </span>
  );
}
