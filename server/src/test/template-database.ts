import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDatabase } from '~/db/client'
import { migrateDatabase } from '~/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite database. */
    templateDatabase: string
    /** The name of a freshly migrated PostgreSQL database on TEST_DATABASE_URL's server, to clone. */
    postgresTemplate: string
  }
}

/**
 * Vitest global setup of the server suites: migrates one database per run, which every test file then
 * copies instead of migrating its own. On PGlite a dump of it (creating and migrating one takes about 5 s,
 * loading the dump under 1 s); on PostgreSQL a template database that `CREATE DATABASE ... TEMPLATE`
 * clones, with no connection left open to it (PostgreSQL refuses to copy a database someone is using).
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DRIVER === 'postgres') return setupPostgres(project)
  const database = await createDatabase({ driver: 'pglite' })
  await migrateDatabase(database)
  const dump = await database.dumpDataDir?.()
  await database.close()
  if (!dump) return
  const file = path.join(os.tmpdir(), `patentdesk-pglite-template-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('templateDatabase', file)
  return () => rm(file, { force: true })
}

/** Runs one statement on TEST_DATABASE_URL's own database, on a connection of its own. */
export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The URL of database `name` on TEST_DATABASE_URL's server. */
export function databaseUrl(name: string) {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '')
  url.pathname = `/${name}`
  return url.toString()
}

async function setupPostgres(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DRIVER=postgres needs TEST_DATABASE_URL')
  // A name of its own per run: two runs on one server (two checkouts, two terminals) never share it.
  const name = `patentdesk_template_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  const database = await createDatabase({ driver: 'postgres', url: databaseUrl(name) })
  try {
    await migrateDatabase(database)
  } finally {
    await database.close()
  }
  project.provide('postgresTemplate', name)
  return () => adminQuery(`drop database if exists ${name} with (force)`)
}
