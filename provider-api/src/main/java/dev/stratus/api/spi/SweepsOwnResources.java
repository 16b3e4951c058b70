package dev.stratus.api.spi;

import dev.stratus.api.model.Instance;
import java.util.List;

/**
 * Optional capability: garbage collection of what a provider creates besides instances (cluster
 * placement groups, proximity placement groups), which outlives the instances that used it. The
 * controller calls {@link #sweep} once per pass, after the pass's actions, and only for a provider
 * whose {@link NodeProvider#list} succeeded in that pass; a failure is logged and never fails the
 * pass.
 *
 * <p>Contract for every implementation:
 *
 * <ul>
 *   <li><b>This cluster's own only.</b> It deletes only resources it created for {@code cluster}
 *       (known by their cluster tag or a name that carries the cluster), never another cluster's in
 *       a shared account, project or resource group, and never anything Stratus did not create.
 *   <li><b>Never one in use.</b> A resource an instance of {@code live} uses, one a launch of this
 *       process is creating or filling, or one a launch finished since {@code live} was listed
 *       (those instances are not in {@code live}: the provider remembers its own recent launches,
 *       or relies on the cloud refusing to delete a resource still in use) is kept.
 *   <li><b>Idempotent and best effort.</b> A resource already gone is success; one the cloud
 *       refuses to delete yet (its instances are still shutting down) is left for the next sweep.
 *       It throws {@link ProviderException} only when it could not look at all.
 *   <li><b>Thread safety.</b> It may run while launches and terminations of the same provider run
 *       on other threads.
 * </ul>
 */
public interface SweepsOwnResources {
  /**
   * @param cluster the cluster whose leftovers to delete
   * @param live the cluster's live instances of this provider, as {@link NodeProvider#list}
   *     returned them at the start of the pass
   */
  void sweep(String cluster, List<Instance> live);
}
