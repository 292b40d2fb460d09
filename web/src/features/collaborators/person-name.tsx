/** A person's name in the list, long addresses wrapping anywhere, and "(you)" on the viewer's own row. */
export function PersonName({ name, isSelf }: { name: string; isSelf: boolean }) {
  return (
    <p className="text-sm font-medium wrap-anywhere">
      {name}
      {isSelf && <span className="font-normal text-muted-foreground"> (you)</span>}
    </p>
  )
}
