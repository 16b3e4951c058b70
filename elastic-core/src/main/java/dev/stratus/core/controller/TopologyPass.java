package dev.stratus.core.controller;

import dev.stratus.api.model.Instance;
import java.util.List;
import java.util.Set;

/** One topology update of a controller pass; never throws (topology only helps the scheduler). */
public interface TopologyPass {
  /** {@code instances}: as listed this pass; {@code unlisted}: the providers whose list failed. */
  void update(List<Instance> instances, Set<String> unlisted);
}
