/** Listeners by topic (an application id, an owner id) within one server instance. */
export class TopicHub<T> {
  private readonly topics = new Map<string, Set<(value: T) => void>>();

  subscribe(topic: string, listener: (value: T) => void): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) this.topics.set(topic, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.topics.get(topic) === listeners) this.topics.delete(topic);
    };
  }

  has(topic: string): boolean {
    return this.topics.has(topic);
  }

  topicNames(): string[] {
    return [...this.topics.keys()];
  }

  publish(topic: string, value: T): void {
    for (const listener of this.topics.get(topic) ?? []) listener(value);
  }
}
