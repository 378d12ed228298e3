package queue

// SetAfterPublish sets the hook between a result's publication and its
// acknowledgement.
func SetAfterPublish(o *WorkerOptions, f func()) { o.afterPublish = f }
