package dev.stratus.tests.vault;

import dev.stratus.bootstrap.secret.CloudIdentity;

/** Identity material shaped like a cloud's, signed by nobody: for the Vault model only. */
final class FakeCloudIdentity {
  private FakeCloudIdentity() {}

  static CloudIdentity aws() {
    return new CloudIdentity() {
      @Override
      public AwsIamRequest awsIam(String serverIdHeader) {
        return new AwsIamRequest(
            "POST",
            "https://sts.amazonaws.com/",
            "Action=GetCallerIdentity&Version=2011-06-15",
            "{\"Authorization\":[\"AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261121/us-east-1/sts"
                + "/aws4_request, SignedHeaders=host;x-amz-date, Signature=fake\"],"
                + "\"Content-Type\":[\"application/x-www-form-urlencoded; charset=utf-8\"],"
                + "\"X-Amz-Date\":[\"20261121T120000Z\"]}");
      }
    };
  }
}
