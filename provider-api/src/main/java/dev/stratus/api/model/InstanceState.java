package dev.stratus.api.model;

/**
 * The provider's view of an instance's life, reduced to what the controller acts on. Every state
 * but {@link #TERMINATED} still costs money, so a provider's {@code list} reports it.
 */
public enum InstanceState {
  /** Being created or started. */
  PENDING,
  RUNNING,
  /**
   * Exists at the cloud but runs nothing and will not run again by itself: stopping or stopped (EC2
   * {@code stopping}/{@code stopped}, GCE {@code TERMINATED}), suspended, under repair, or failed
   * to provision (an ARM VM in {@code Failed}, or stopped or deallocated). It still holds its
   * disks, often an address, sometimes its compute, and Stratus never starts an instance again: the
   * garbage collector terminates it.
   */
  STOPPED,
  /** Gone or going (shutting down, being deleted): it costs nothing more. */
  TERMINATED;

  /** Alive states count against capacity and must be bound to a powered-up node. */
  public boolean alive() {
    return this == PENDING || this == RUNNING;
  }
}
