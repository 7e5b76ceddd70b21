import { ATTENTION_STATUSES, INBOX_DEFAULT_PAGE_SIZE, type InboxCount, type InboxListRequest, type InboxPage, type InboxStatus } from '@km/contracts';
import { NotFoundError } from '@km/nest-kit';
import type { DataSource, EntityTarget } from 'typeorm';

/** The columns every submission table has (see the migration's INBOX_COLUMNS). */
export interface InboxRow {
  id: string;
  status: InboxStatus;
  createdAt: Date;
  updatedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin side every submission kind shares: newest-first lists, one item, status changes and counts. */
export class Inbox<Row extends InboxRow, View> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entity: EntityTarget<Row>,
    /** How an item is named in messages, e.g. "contact message". */
    private readonly label: string,
    private readonly toView: (row: Row) => View,
  ) {}

  /** Always one page (the schema caps its size), so a reply fits on the bus however full the inbox grows. */
  async list({ page = 1, pageSize = INBOX_DEFAULT_PAGE_SIZE }: InboxListRequest): Promise<InboxPage<View>> {
    const query = this.dataSource.getRepository(this.entity).createQueryBuilder('r').orderBy('r.createdAt', 'DESC').addOrderBy('r.id', 'DESC');
    // Numbered pages need OFFSET; an admin inbox is small and read rarely, unlike the store's lists.
    query.limit(pageSize).offset((page - 1) * pageSize);
    const [rows, total] = await query.getManyAndCount();
    return { items: rows.map(this.toView), total };
  }

  async get(id: string): Promise<View> {
    return this.toView(await this.row(id));
  }

  async setStatus(id: string, status: InboxStatus): Promise<View> {
    if (!UUID.test(id)) throw new NotFoundError(this.label, id);
    const result = await this.dataSource
      .createQueryBuilder()
      .update(this.entity as EntityTarget<InboxRow>)
      // updated_at is an @UpdateDateColumn: TypeORM sets it in the same statement.
      .set({ status })
      .where('id = :id', { id })
      .execute();
    if (!result.affected) throw new NotFoundError(this.label, id);
    return this.get(id);
  }

  async count(): Promise<InboxCount> {
    const table = this.dataSource.getMetadata(this.entity).tableName;
    const [row]: { total: number; attention: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = ANY($1))::int AS attention FROM ${table}`,
      [ATTENTION_STATUSES],
    );
    return { total: row.total, needsAttention: row.attention };
  }

  /** The stored row, for what the admin view leaves out (e.g. where a manuscript is stored). */
  async row(id: string): Promise<Row> {
    const row = UUID.test(id) ? await this.dataSource.getRepository(this.entity).createQueryBuilder('r').where('r.id = :id', { id }).getOne() : null;
    if (!row) throw new NotFoundError(this.label, id);
    return row;
  }
}
