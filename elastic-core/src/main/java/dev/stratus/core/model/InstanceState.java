package dev.stratus.core.model;

/** The provider's view of an instance's life, reduced to what the controller acts on. */
public enum InstanceState {
  PENDING,
  RUNNING,
  STOPPING,
  TERMINATED;

  /** Alive states count against capacity and must be bound to a powered-up node. */
  public boolean alive() {
    return this == PENDING || this == RUNNING;
  }
}
