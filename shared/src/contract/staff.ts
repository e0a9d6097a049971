/**
 * The operations console's part of the contract (`shared/staff`): the staff roles' table of permissions and the order
 * statuses' names, without the wire (no schemas, no cipher), so the console's page does not carry them. The server
 * reads the same modules through `shared/contract`.
 */
export * from './staffRoles';
export { OrderStatus, orderStatusName, type OrderStatusName } from './status';
export type { COMPLAINT_CATEGORIES } from './schemas/compliance';
