/** Stands in for a screen that a later piece of work builds; the layout shows its title. */
export function UnfinishedPage() {
  return <p className="text-sm text-muted-foreground">This screen is coming soon.</p>
}
