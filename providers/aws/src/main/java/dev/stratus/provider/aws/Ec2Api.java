package dev.stratus.provider.aws;

import dev.stratus.api.resilience.ProviderCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import software.amazon.awssdk.services.ec2.Ec2Client;
import software.amazon.awssdk.services.ec2.model.DescribeInstancesResponse;
import software.amazon.awssdk.services.ec2.model.Filter;
import software.amazon.awssdk.services.ec2.model.Instance;
import software.amazon.awssdk.services.ec2.model.Reservation;

/**
 * The EC2 client behind {@link ProviderCalls}: every call is rate limited per API, guarded by the
 * region's breaker, retried when throttled or transient, and its exception translated by {@link
 * Ec2Errors}.
 */
record Ec2Api(Ec2Client ec2, ProviderCalls calls, String region) {
  <T> T call(String api, Function<Ec2Client, T> call) {
    Callable<T> c = () -> call.apply(ec2);
    return calls.call(region, api, c, Ec2Errors::translate);
  }

  /**
   * Every instance DescribeInstances finds by {@code filters}, all pages ({@code pageSize}: EC2's
   * {@code MaxResults}, null for its default). By filter, an id EC2 does not know is no error.
   */
  List<Instance> describe(Integer pageSize, Filter... filters) {
    List<Reservation> reservations =
        paged(
            "DescribeInstances",
            token ->
                ec2 ->
                    ec2.describeInstances(
                        r -> r.filters(filters).maxResults(pageSize).nextToken(token)),
            DescribeInstancesResponse::reservations,
            DescribeInstancesResponse::nextToken);
    return reservations.stream().flatMap(r -> r.instances().stream()).toList();
  }

  /**
   * Every item of a paginated call, all pages: {@code page} is the call for the page after a token
   * (null for the first), {@code items} and {@code next} read a page's items and next token (null
   * or empty on the last page).
   */
  <P, T> List<T> paged(
      String api,
      Function<String, Function<Ec2Client, P>> page,
      Function<P, List<T>> items,
      Function<P, String> next) {
    List<T> found = new ArrayList<>();
    String token = null;
    do {
      P answer = call(api, page.apply(token));
      found.addAll(items.apply(answer));
      token = next.apply(answer);
    } while (token != null && !token.isEmpty());
    return found;
  }
}
