import type { DataSource, Repository } from 'typeorm';
import { PendingRequestEntity } from './pending-request.entity.js';
import type { PendingRequest } from './pending-request.model.js';

/**
 * Pending void and manual-entry requests (waiting for a pit boss): stored, so a restart keeps them.
 * In-memory for `FELT_DATA_DIR=memory` and tests; TypeORM (migration 1763800000000) otherwise.
 */
export interface PendingRequestsRepository {
  save(req: PendingRequest): Promise<void>;
  get(requestId: string): Promise<PendingRequest | null>;
  delete(requestId: string): Promise<void>;
  list(tableId?: string): Promise<PendingRequest[]>;
}

export const PENDING_REQUESTS = Symbol('PENDING_REQUESTS');

const byTime = (a: PendingRequest, b: PendingRequest): number => a.at - b.at || a.requestId.localeCompare(b.requestId);

export class InMemoryPendingRequests implements PendingRequestsRepository {
  private readonly rows = new Map<string, PendingRequest>();
  async save(req: PendingRequest): Promise<void> {
    this.rows.set(req.requestId, structuredClone(req));
  }
  async get(requestId: string): Promise<PendingRequest | null> {
    const r = this.rows.get(requestId);
    return r ? structuredClone(r) : null;
  }
  async delete(requestId: string): Promise<void> {
    this.rows.delete(requestId);
  }
  async list(tableId?: string): Promise<PendingRequest[]> {
    return [...this.rows.values()].filter((r) => tableId === undefined || r.tableId === tableId).map((r) => structuredClone(r)).sort(byTime);
  }
}

export class TypeOrmPendingRequests implements PendingRequestsRepository {
  private readonly repo: Repository<PendingRequestEntity>;
  constructor(ds: DataSource) {
    this.repo = ds.getRepository(PendingRequestEntity);
  }
  async save(req: PendingRequest): Promise<void> {
    await this.repo.save({ id: req.requestId, tableId: req.tableId, data: req, createdAt: req.at });
  }
  async get(requestId: string): Promise<PendingRequest | null> {
    const row = await this.repo.findOne({ where: { id: requestId } });
    return row ? row.data : null;
  }
  async delete(requestId: string): Promise<void> {
    await this.repo.delete({ id: requestId });
  }
  async list(tableId?: string): Promise<PendingRequest[]> {
    const rows = await this.repo.find({ ...(tableId !== undefined ? { where: { tableId } } : {}), order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((r) => r.data);
  }
}
