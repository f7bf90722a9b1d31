import { sql, type Kysely } from 'kysely';

/**
 * Moderation workflows, as Wagtail's: a workflow is an ordered list of tasks (each approved by
 * the members of some groups), assigned to a page and so to its subtree. Submitting a page
 * starts a workflow state; each task it reaches gets a task state holding the revision under
 * review. pages.workflow_task_id mirrors the task a page in moderation waits on, so every
 * permission check that reads the page row sees the moderation lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workflow_tasks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('workflow_task_groups')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('workflow_tasks.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('workflow_task_groups_pkey', ['task_id', 'group_id'])
    .execute();
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('workflow_steps')
    .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('workflow_tasks.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('workflow_steps_pkey', ['workflow_id', 'task_id'])
    .execute();
  await db.schema
    .createTable('workflow_pages')
    .addColumn('page_id', 'integer', (c) => c.primaryKey().references('pages.id').onDelete('cascade'))
    .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('workflow_states')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('workflow_id', 'integer', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('in_progress', 'approved', 'needs_changes', 'cancelled')`))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // A page is in at most one unfinished workflow.
  await db.schema
    .createIndex('workflow_states_open_page_key')
    .on('workflow_states')
    .column('page_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('in_progress', 'needs_changes')`)
    .execute();
  await db.schema
    .createTable('workflow_task_states')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('workflow_state_id', 'integer', (c) => c.notNull().references('workflow_states.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('workflow_tasks.id').onDelete('cascade'))
    .addColumn('revision_id', 'integer', (c) => c.notNull().references('page_revisions.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().check(sql`status in ('in_progress', 'approved', 'rejected', 'cancelled')`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('finished_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('workflow_task_states_open_idx').on('workflow_task_states').column('task_id').where(sql.ref('status'), '=', 'in_progress').execute();
  await db.schema.createIndex('workflow_task_states_state_idx').on('workflow_task_states').column('workflow_state_id').execute();
  await db.schema
    .alterTable('pages')
    .addColumn('workflow_task_id', 'integer', (c) => c.references('workflow_tasks.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').dropColumn('workflow_task_id').execute();
  for (const table of ['workflow_task_states', 'workflow_states', 'workflow_pages', 'workflow_steps', 'workflows', 'workflow_task_groups', 'workflow_tasks']) {
    await db.schema.dropTable(table).execute();
  }
}
