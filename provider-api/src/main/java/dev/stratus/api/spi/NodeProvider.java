package dev.stratus.api.spi;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.Offering;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A source of nodes: a cloud, or the local namespace provider. Narrow on purpose; optional
 * capabilities are separate interfaces: {@link PlacementAware}, {@link ProviderCheck}, {@link
 * CarriesNodeCredentials}, {@link SweepsOwnResources}, {@link Reclaimable}. Each method below
 * states its contract; the {@code NodeProviderContract} suite (tests module) checks it against
 * every provider.
 *
 * <p><b>The cloud is the truth.</b> A provider keeps no state the controller depends on: the
 * instances and their tags ({@link dev.stratus.api.model.Tags}) are the record, so a controller
 * restarted with a new provider object carries on where the last one stopped.
 *
 * <p><b>Errors.</b> Throttled and transient errors are retried inside the provider (with {@code
 * ProviderCalls}) before they surface. What still fails surfaces as a {@link ProviderError}: as
 * data from {@link #launch}, as a {@link ProviderException} from the other calls; never as a raw
 * SDK exception.
 *
 * <p><b>Threads.</b> The controller calls a provider from more than one thread: its pass thread
 * lists, gets and sweeps while launches and terminations run as tasks of their own. So {@link
 * #launch}, {@link #terminate}, {@link #list} and {@link #get} must be safe to call concurrently,
 * each with itself and with the others, on different instances (different node names and client
 * tokens, different ids); {@link #name} and {@link #offerings} from any thread at any time. Mutable
 * state a provider keeps (caches, its own records) is guarded accordingly. {@link #start} and
 * {@link #close} are called alone: before the first and after the last other call.
 */
public interface NodeProvider extends AutoCloseable {
  /**
   * The name used in stratus.yaml and in {@link dev.stratus.api.model.OfferingKey#provider()}; a
   * constant.
   */
  String name();

  /**
   * What this provider can launch, with prices. Cheap: it may be called every pass and by {@code
   * stratus status}, so it never calls the cloud each time; a provider whose offerings come from an
   * API caches them, and on a failed refresh keeps serving what it had. It does not throw for a
   * cloud problem.
   */
  List<Offering> offerings();

  /**
   * Launches one instance per node name of the request, all in its offering.
   *
   * <ul>
   *   <li><b>Idempotent</b> on {@link LaunchRequest#clientToken()}: a second launch with the same
   *       token, also from another controller process after a restart, returns the instances of the
   *       first and starts none (the token is recorded on the instances, not only in memory).
   *   <li><b>All or nothing</b> when {@link LaunchRequest#allOrNothing()}: it leaves either every
   *       requested instance or none, resources made for the launch (a placement group) included.
   *   <li><b>Errors are data:</b> capacity, quota, bad request and every other failure come back as
   *       {@link LaunchResult.Failure}s naming the nodes they hit; it never throws.
   *   <li>Every instance carries the request's tags plus {@link LaunchRequest#tagsFor its node's};
   *       each node's {@link NodeCredential}, if any, goes into that node's user-data alone.
   *   <li>It returns once each instance exists at the cloud (pending or running); it need not wait
   *       for the node to join Slurm.
   * </ul>
   */
  LaunchResult launch(LaunchRequest request);

  /**
   * The live instances carrying {@code stratus:cluster=<cluster>}: exactly those, every page of
   * them, and nothing else. Live means not terminated; an instance shutting down or being deleted
   * no longer costs money and may be left out. It is the source of truth, so it must never hide an
   * instance that still costs money: one that is stopped, suspended, under repair or failed is
   * listed as {@link dev.stratus.api.model.InstanceState#STOPPED} (the garbage collector then
   * terminates it). When it cannot give the whole answer it throws {@link ProviderException} (the
   * controller then leaves this provider's nodes alone for the pass) rather than return part.
   * Read-only: it changes nothing at the cloud (garbage collection is {@link SweepsOwnResources}).
   */
  List<Instance> list(String cluster);

  /**
   * The instance with this id while it is live. An unknown id, one that is not even well-formed for
   * this provider, and a terminated instance are all {@code Optional.empty()}, never an error;
   * {@link ProviderException} only when the cloud could not be asked.
   */
  Optional<Instance> get(String instanceId);

  /**
   * Starts termination of each instance and returns once the cloud has accepted it (not when the
   * instance is gone). Idempotent: an unknown, malformed, already terminated or repeated id is
   * success. {@link ProviderException} when the cloud refused or could not be reached for some; ids
   * already accepted stay accepted, so calling again with all of them is correct.
   */
  void terminate(Collection<String> instanceIds);

  /**
   * Called once by the controller before its first pass, for what must exist before Slurm or the
   * nodes use the provider (the local provider's bridge, say). Read-only users such as {@code
   * stratus status} never call it, so they change nothing. Idempotent: what exists is kept.
   */
  default void start() {}

  /**
   * Releases the provider's clients and threads after its last call. It never terminates instances
   * (a restarted controller carries on with them) and may be called more than once.
   */
  @Override
  default void close() {}
}
