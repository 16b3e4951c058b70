package dev.stratus.testkit.aws;

import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import java.util.List;

/**
 * The slice of an answer one request asks for: {@code MaxResults} 1..1000 (1000 when not given)
 * from where its opaque {@code NextToken} points ({@link Ec2Describe#token}), as EC2's paginated
 * Describe calls do.
 */
record Page(int from, int to, int size) {
  static Page of(QueryParams q, int size) {
    int max = q.integer("MaxResults", 1000);
    if (max < 1 || max > 1000) {
      throw Ec2Error.invalid("InvalidParameterValue", "MaxResults must be 1..1000, got " + max);
    }
    int at = q.get("NextToken").filter(t -> !t.isEmpty()).map(Ec2Describe::offset).orElse(0);
    int to = Math.min(size, at + max);
    return new Page(Math.min(at, to), to, size);
  }

  <T> List<T> of(List<T> all) {
    return all.subList(from, to);
  }

  /** The token of the next page; null on the last. */
  String next() {
    return to < size ? Ec2Describe.token(to) : null;
  }
}
