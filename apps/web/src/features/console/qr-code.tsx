/** A QR code drawn from the server's module matrix: one SVG path, crisp at any size, no image request. */
export function QrCode({ modules, label }: { modules: boolean[][]; label: string }) {
  const size = modules.length;
  let d = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="console__qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
