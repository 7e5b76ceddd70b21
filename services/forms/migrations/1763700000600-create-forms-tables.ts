import type { MigrationInterface, QueryRunner } from 'typeorm';

const STATUSES = `'new', 'unread', 'submitted', 'contacted', 'under_review', 'completed', 'accepted', 'rejected', 'archived'`;

/** The inbox columns every submission table shares. */
const INBOX_COLUMNS = `
  status text NOT NULL DEFAULT 'new' CHECK (status IN (${STATUSES})),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()`;

export class CreateFormsTables1763700000600 implements MigrationInterface {
  name = 'CreateFormsTables1763700000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE contact_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      phone text,
      subject text NOT NULL,
      message text NOT NULL,
      how_heard_about_us text,
      wants_newsletter boolean NOT NULL DEFAULT false,
      ${INBOX_COLUMNS}
    )`);
    await q.query(`CREATE TABLE prayer_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text,
      email text NOT NULL,
      phone text,
      request_type text NOT NULL,
      prayer_request text NOT NULL,
      preferred_contact text NOT NULL DEFAULT 'email' CHECK (preferred_contact IN ('email', 'phone', 'text', 'none')),
      is_urgent boolean NOT NULL DEFAULT false,
      allow_sharing boolean NOT NULL DEFAULT false,
      ${INBOX_COLUMNS}
    )`);
    await q.query(`CREATE TABLE publishing_inquiries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      phone text,
      book_title text NOT NULL,
      genre text NOT NULL,
      manuscript_status text NOT NULL,
      word_count integer CHECK (word_count >= 0),
      previously_published boolean NOT NULL DEFAULT false,
      services_needed text[] NOT NULL DEFAULT '{}',
      book_description text NOT NULL,
      publishing_goals text NOT NULL,
      timeline text,
      budget text,
      hear_about_us text,
      ${INBOX_COLUMNS}
    )`);
    await q.query(`CREATE TABLE book_submissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      author_name text NOT NULL,
      email text NOT NULL,
      book_title text NOT NULL,
      genre text NOT NULL,
      word_count integer NOT NULL CHECK (word_count >= 0),
      target_audience text NOT NULL,
      synopsis text NOT NULL,
      manuscript_key text NOT NULL UNIQUE,
      manuscript_filename text NOT NULL,
      manuscript_size integer NOT NULL CHECK (manuscript_size > 0),
      manuscript_content_type text NOT NULL,
      ${INBOX_COLUMNS}
    )`);
    // The admin lists are newest first; id breaks ties so pages never repeat or skip an item.
    for (const table of ['contact_messages', 'prayer_requests', 'publishing_inquiries', 'book_submissions']) {
      await q.query(`CREATE INDEX ${table}_newest_idx ON ${table} (created_at DESC, id DESC)`);
    }
    await q.query(`CREATE TABLE newsletter_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email)),
      unsubscribe_token text NOT NULL UNIQUE,
      subscribed_at timestamptz NOT NULL DEFAULT now(),
      unsubscribed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // One row per address, whatever happens: subscribing twice or again after unsubscribing reuses it.
    await q.query(`CREATE UNIQUE INDEX newsletter_subscriptions_email_key ON newsletter_subscriptions (email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['newsletter_subscriptions', 'book_submissions', 'publishing_inquiries', 'prayer_requests', 'contact_messages']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
