const radius = 40
const circumference = 2 * Math.PI * radius

/** The novelty score out of 100 as a ring filled to the score, with the number in the middle. */
export function NoveltyGauge({ score }: { score: number }) {
  const filled = (Math.min(Math.max(score, 0), 100) / 100) * circumference
  return (
    <figure className="flex items-center gap-4">
      <div className="relative size-24 shrink-0">
        <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="10" className="stroke-slate-100" />
          <circle
            cx="50"
            cy="50"
            r={radius}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={`${filled} ${circumference}`}
            className="stroke-primary"
          />
        </svg>
        <p className="absolute inset-0 flex flex-col items-center justify-center leading-none">
          <span className="text-2xl font-semibold tabular-nums">{score}</span>
          <span className="mt-1 text-xs text-muted-foreground">/ 100</span>
        </p>
      </div>
      <figcaption className="grid gap-1">
        <span className="text-sm font-semibold">Novelty Score</span>
        <span className="text-xs text-muted-foreground">
          Out of 100: the higher, the more novel the invention appears.
        </span>
      </figcaption>
    </figure>
  )
}
