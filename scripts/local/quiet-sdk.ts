// Imported first: cognito-local loads aws-sdk v2, which prints an end-of-support notice on load, and
// the v3 SDK warns once about Node 20. Neither concerns the local stack, whose output should stay readable.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
export {};
