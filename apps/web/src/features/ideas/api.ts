import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { envelope } from '@app/shared/api';
import { commentData, commentsData, ideaData, ideaListData, likeData, type IdeaDto } from '@app/shared/ideas';
import { api } from '../../lib/api.ts';

export interface IdeaQuery {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  status?: string;
}

export function usePublicIdeas(query: IdeaQuery) {
  return useQuery({
    queryKey: ['ideas', 'public', query],
    queryFn: ({ signal }) =>
      api('/ideas', envelope(ideaListData), {
        query: { page: query.page, limit: query.limit, search: query.search?.trim(), category: query.category === 'all' ? undefined : query.category },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

export function useMyIdeas(query: IdeaQuery) {
  return useQuery({
    queryKey: ['ideas', 'mine', query],
    queryFn: ({ signal }) =>
      api('/ideas/my-ideas', envelope(ideaListData), {
        query: { page: query.page, limit: query.limit, status: query.status === 'all' ? undefined : query.status },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

export function useIdea(id: string | null) {
  return useQuery({
    queryKey: ['ideas', 'detail', id],
    queryFn: ({ signal }) => api(`/ideas/${id}`, envelope(ideaData), { signal }).then((r) => r.data.idea),
    enabled: Boolean(id),
  });
}

export function useComments(id: string | null) {
  return useQuery({
    queryKey: ['ideas', 'comments', id],
    queryFn: ({ signal }) => api(`/ideas/${id}/comments`, envelope(commentsData), { signal }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

function useInvalidateIdeas() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['ideas'] });
    void client.invalidateQueries({ queryKey: ['student', 'summary'] });
  };
}

export function useAddComment(id: string) {
  const invalidate = useInvalidateIdeas();
  return useMutation({
    mutationFn: (body: string) => api(`/ideas/${id}/comments`, envelope(commentData), { method: 'POST', body: { body } }),
    onSuccess: invalidate,
  });
}

/** Like or unlike: the wanted state travels with the request, so a double click cannot flip it twice. */
export function useLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idea: Pick<IdeaDto, 'id' | 'isLiked'>) =>
      api(`/ideas/${idea.id}/like`, envelope(likeData), { method: 'POST', body: { like: !idea.isLiked } }).then((r) => r.data),
    onSuccess: (data, idea) => {
      // Count and state come from the server's answer (spec 000 §4).
      const patch = (i: IdeaDto) => (i.id === idea.id ? { ...i, isLiked: data.isLiked, likesCount: data.likesCount, likes: data.likesCount } : i);
      client.setQueriesData<{ ideas: IdeaDto[] }>({ queryKey: ['ideas', 'public'] }, (old) => (old ? { ...old, ideas: old.ideas.map(patch) } : old));
      client.setQueriesData<{ ideas: IdeaDto[] }>({ queryKey: ['ideas', 'mine'] }, (old) => (old ? { ...old, ideas: old.ideas.map(patch) } : old));
      client.setQueryData<IdeaDto>(['ideas', 'detail', idea.id], (old) => (old ? patch(old) : old));
    },
  });
}

export interface IdeaInput {
  title: string;
  category: string;
  description: string;
  isPublic: boolean;
  tags: string[];
}

export function useSaveIdea() {
  const invalidate = useInvalidateIdeas();
  return useMutation({
    mutationFn: ({ id, input, asDraft }: { id?: string; input: IdeaInput; asDraft: boolean }) =>
      id
        ? api(`/ideas/${id}`, envelope(ideaData), { method: 'PUT', body: { ...input, submit: !asDraft } })
        : api('/ideas', envelope(ideaData), { method: 'POST', body: { ...input, asDraft } }),
    onSuccess: invalidate,
  });
}
