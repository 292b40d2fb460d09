import { ArrowRight, BrainCircuit, FileText, type LucideIcon, Search } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { PublicHeader } from '../layout/public-header'

type Feature = { title: string; text: string; icon: LucideIcon }

const features: Feature[] = [
  {
    title: 'Patent Search',
    text: 'Search published patents by keyword, open their details and compare several side by side.',
    icon: Search,
  },
  {
    title: 'Application Filing',
    text: 'Draft your UK patent application step by step, attach documents and follow its status.',
    icon: FileText,
  },
  {
    title: 'AI Analysis',
    text: 'Check novelty against prior art, see the key terms and the risks before you file.',
    icon: BrainCircuit,
  },
]

export function LandingPage() {
  return (
    <div className="min-h-screen bg-card">
      <PublicHeader />

      <main>
        <section className="bg-gradient-to-b from-blue-50 to-white px-4 py-20 text-center sm:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            PatentDesk
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Search public patents, analyse your invention and draft your application for the UK Intellectual
            Property Office, all in one place.
          </p>
          <div className="mt-8 flex justify-center gap-3">
            <Button size="lg" asChild>
              <Link to="/register">
                Get Started
                <ArrowRight />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/serpapi-search">Search Patents</Link>
            </Button>
          </div>
        </section>

        <section
          aria-label="Features"
          className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-3"
        >
          {features.map(({ title, text, icon: Icon }) => (
            <Card key={title}>
              <CardContent className="pt-6">
                <span className="flex size-10 items-center justify-center rounded-lg bg-blue-50 text-primary">
                  <Icon className="size-5" />
                </span>
                <h2 className="mt-4 font-semibold">{title}</h2>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          ))}
        </section>

        <section className="border-t bg-slate-50 px-4 py-16 text-center">
          <h2 className="text-2xl font-semibold tracking-tight">Ready to protect your invention?</h2>
          <p className="mt-2 text-muted-foreground">
            Create an account and start your first application today.
          </p>
          <Button size="lg" className="mt-6" asChild>
            <Link to="/register">Create an Account</Link>
          </Button>
        </section>
      </main>

      <footer className="border-t px-4 py-6 text-center text-sm text-muted-foreground">
        PatentDesk · Screen, draft and manage UK patent applications
      </footer>
    </div>
  )
}
