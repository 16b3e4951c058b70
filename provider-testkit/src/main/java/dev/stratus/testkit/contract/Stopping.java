package dev.stratus.testkit.contract;

/**
 * Optional harness capability: the cloud stops an instance (its owner stopped it, the cloud
 * suspended or failed it), and the stop has finished. The instance keeps its disks and tags.
 */
public interface Stopping {
  void stop(String instanceId);
}
