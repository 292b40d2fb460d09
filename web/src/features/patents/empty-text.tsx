/** The muted sentence a tab shows when the patent has nothing for it. */
export function EmptyText({ children }: { children: string }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>
}
