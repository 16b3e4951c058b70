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
    List<Instance> found = new ArrayList<>();
    String token = null;
    do {
      String next = token;
      DescribeInstancesResponse page =
          call(
              "DescribeInstances",
              ec2 ->
                  ec2.describeInstances(
                      r -> r.filters(filters).maxResults(pageSize).nextToken(next)));
      page.reservations().stream().flatMap(r -> r.instances().stream()).forEach(found::add);
      token = page.nextToken();
    } while (token != null && !token.isEmpty());
    return found;
  }
}
