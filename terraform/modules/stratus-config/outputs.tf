output "stratus_yaml" {
  description = "stratus.yaml for the controller: `terraform output -raw stratus_yaml > /etc/stratus/stratus.yaml`, then `stratus config render --config /etc/stratus/stratus.yaml`."
  value = join("", [
    "# stratus.yaml rendered by terraform/modules/stratus-config for cluster ${var.cluster}.\n",
    "# Reference: config-templates/README.md. Check it with: stratus config render --config <this file>\n",
    yamlencode(local.document),
  ])

  precondition {
    condition     = length(local.missing_blocks) == 0
    error_message = "pools use ${join(", ", tolist(local.missing_blocks))} but no such provider block was given (set var.aws / var.gcp / var.azure)."
  }
}

output "document" {
  description = "The same stratus.yaml as an object, for callers that want to inspect or merge it."
  value       = local.document
}

output "notice_url" {
  description = "The controller's notice endpoint as the nodes reach it (bootstrap.noticeUrl)."
  value       = local.notice_url
}
